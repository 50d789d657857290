/* cmd_strategies.c - `arenaplan strategies`: the registry, a line each. */
#include <string.h>

#include "cli.h"

int cmd_strategies(int argc, char **argv)
{
    size_t n, i;
    const ap_strategy *s = ap_strategies(&n);
    if (argc > 1 && cli_is_help(argv, 1)) {
        fputs("usage: arenaplan strategies\n\nLists the planning strategies, one line each.\n", stdout);
        return EXIT_OK;
    }
    if (argc > 1) {
        cli_error("strategies: unexpected argument '%s'", argv[1]);
        return EXIT_USAGE;
    }
    for (i = 0; i < n; i++)
        printf("%-18s %s\n", s[i].name, s[i].summary);
    return EXIT_OK;
}
