# main.s - a trivial main, to link the record fixtures into an executable.
	.text
	.globl	main
	.type	main, @function
main:
	xorl	%eax, %eax
	ret
	.size	main, .-main
	.section .note.GNU-stack,"",@progbits
