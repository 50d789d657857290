/* cmd_strategies.c - `arenaplan strategies`: the registry, a line each. */
#include <string.h>

#include "cli.h"

int cmd_strategies(int argc, char **argv)
{
    size_t n, i;
    const ap_strategy *s = ap_strategies(&n);
    cli_spec spec = {"strategies", "usage: arenaplan strategies\n\nLists the planning strategies, one line each.\n",
                     {{NULL, 0, NULL}}, 0, NULL, NULL, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    for (i = 0; i < n; i++)
        printf("%-18s %s\n", s[i].name, s[i].summary);
    return EXIT_OK;
}
