/*
 * selftest.c - proof that the QEMU harness gives the program's verdict: built three ways by
 * .ci/runtime.sh, it must print and exit 0, exit non-zero on a failing status, and exit
 * non-zero on a crash (a bus fault), instead of hanging or passing.
 */
#include <stdint.h>
#include <stdio.h>

int main(void);

int main(void)
{
    printf("selftest: hello from the emulated Cortex-M4\n");
#if defined(SELFTEST_FAULT)
    return (int)*(volatile uint32_t *)0xF0000000u; /* no memory there: a bus fault */
#elif defined(SELFTEST_FAIL)
    return 3;
#else
    return 0;
#endif
}
