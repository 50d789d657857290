/* main.c - placeholder CLI entry. */
#include <stdio.h>
int main(void) { puts("arenaplan " AP_VERSION); return 0; }
