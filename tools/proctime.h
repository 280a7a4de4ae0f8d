/* proctime.h - `ssara-bench --time OUT CMD [ARG...]`: runs CMD, appends
 * to the file OUT one line "WALL_NS USER_US SYS_US" (wall clock in
 * nanoseconds; user and system processor time of CMD and the
 * descendants it waited for, in microseconds), and exits with CMD's
 * status. */
#ifndef SSARA_PROCTIME_H
#define SSARA_PROCTIME_H

/* argv[0] = OUT, argv[1..] = the command; argc counts them.  CMD's exit
 * status, 128 + the signal that ended it, or 2 on a usage or system
 * error (said on stderr). */
int proctime_main(int argc, char **argv);

#endif
