/* runtime.cc - the little of the C++ runtime the plugin uses, defined
 * here so that linking the plugin pulls nothing of libstdc++'s exception
 * support (plugin/plugin.mk).
 *
 * The plugin is built without exceptions, so where the standard library
 * would throw (a failed allocation, a container's length or index out of
 * range) there is nothing to catch it: libstdc++'s own definitions throw
 * into std::terminate.  Defining operator new and delete and the
 * __throw_* helpers the headers call keeps the exception runtime (its
 * unwinder, thread-local globals, emergency pool built by a static
 * constructor, and the dynamic loader as a library dependency) out of
 * the plugin, which cc1 would otherwise load and relocate for every
 * compile.  Out of memory ends the compile as GCC's own allocator does
 * (xmalloc's message); a container misuse is an internal error of the
 * plugin, reported as GCC reports its own (fancy_abort).
 */
#include <cstddef>
#include <cstdlib>

extern "C" void *xmalloc(size_t);
void fancy_abort(const char *, int, const char *) __attribute__((noreturn));

void *operator new(std::size_t n)
{
	return xmalloc(n ? n : 1);
}

void *operator new[](std::size_t n)
{
	return xmalloc(n ? n : 1);
}

void operator delete(void *p) noexcept
{
	free(p);
}

void operator delete[](void *p) noexcept
{
	free(p);
}

void operator delete(void *p, std::size_t) noexcept
{
	free(p);
}

void operator delete[](void *p, std::size_t) noexcept
{
	free(p);
}

/* The helpers libstdc++'s headers call where they would throw (the
 * declarations of <bits/functexcept.h>). */
namespace std {
void __throw_bad_alloc()
{
	fancy_abort(__FILE__, __LINE__, "std::bad_alloc");
}
void __throw_bad_array_new_length()
{
	fancy_abort(__FILE__, __LINE__, "std::bad_array_new_length");
}
void __throw_length_error(const char *what)
{
	fancy_abort(__FILE__, __LINE__, what);
}
void __throw_logic_error(const char *what)
{
	fancy_abort(__FILE__, __LINE__, what);
}
void __throw_out_of_range(const char *what)
{
	fancy_abort(__FILE__, __LINE__, what);
}
void __throw_out_of_range_fmt(const char *what, ...)
{
	fancy_abort(__FILE__, __LINE__, what);
}
} // namespace std
