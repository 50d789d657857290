/*
 * mps2_startup.c - reset and exit for the runtime's test images on QEMU's mps2-an386.
 *
 * A minimal Cortex-M start: the vector table (initial stack pointer, reset, faults), zeroing
 * .bss, opening newlib's semihosting handles (rdimon), running main and leaving QEMU with the
 * program's verdict through semihosting SYS_EXIT. QEMU maps SYS_EXIT's reason to its own exit
 * status: ADP_Stopped_ApplicationExit gives 0, any other reason gives 1. (The extended exit
 * that carries a status code exists only with semihosting v2; the plain reasons work on every
 * QEMU, which is what a CI verdict needs.) A fault also exits with 1, so a crash fails the run
 * instead of hanging until the timeout.
 */
#include <stdint.h>
#include <stdio.h>

#define SYS_WRITE0 0x04u
#define SYS_EXIT 0x18u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
#define ADP_STOPPED_RUN_TIME_ERROR 0x20023u

extern int main(void);
extern void initialise_monitor_handles(void);
extern uint32_t __bss_start__, __bss_end__, __stack_top;

void Reset_Handler(void);
void _init(void);
void _fini(void);

static uint32_t semihost(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static void leave(int status)
{
    for (;;)
        semihost(SYS_EXIT, (const void *)(uintptr_t)(status == 0 ? ADP_STOPPED_APPLICATION_EXIT
                                                                : ADP_STOPPED_RUN_TIME_ERROR));
}

static void fault(void)
{
    semihost(SYS_WRITE0, "\n*** fault: the program crashed ***\n");
    leave(1);
}

void Reset_Handler(void)
{
    int status;
    uint32_t *p;

    for (p = &__bss_start__; p < &__bss_end__; p++)
        *p = 0;
    initialise_monitor_handles();
    status = main();
    fflush(stdout);
    fflush(stderr);
    leave(status);
}

/* newlib's exit() calls these (crti.o is not linked: this file is the start-up code). */
void _init(void) {}
void _fini(void) {}

typedef void (*vector)(void);

/* Core exceptions: initial SP, reset, NMI, HardFault, MemManage, BusFault, UsageFault,
 * 4 reserved, SVCall, DebugMonitor, reserved, PendSV, SysTick. */
__attribute__((section(".vectors"), used)) static const vector vectors[16] = {
    (vector)(uintptr_t)&__stack_top, Reset_Handler, fault, fault, fault, fault, fault,
    0, 0, 0, 0, fault, fault, 0, fault, fault,
};
