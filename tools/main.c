/* main.c - `arenaplan`: the command table and dispatch. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const cli_command commands[] = {
    {"plan", "plan the arena of a model or buffer list", cmd_plan},
    {"check", "prove a plan valid or name its first conflict", cmd_check},
    {"compare", "every strategy on every input, side by side", cmd_compare},
    {"strategies", "list the planning strategies", cmd_strategies},
    {"inspect", "what a .tflite model holds and the buffers TFLM plans for it", cmd_inspect},
    {"report", "an HTML report of a plan: timeline, live bytes, strategies, buffers", cmd_report},
    {"embed", "a copy of a .tflite model carrying its plan as TFLM's offline plan", cmd_embed},
    {"reorder", "a copy of a .tflite model whose operators run in the order needing the fewest bytes",
     cmd_reorder},
    {"patch", "a copy of a .tflite model whose first layers run patch by patch, in a smaller arena",
     cmd_patch},
    {"fit", "every way to make a model's arena fit a budget, each measured; the smallest that does",
     cmd_fit},
};

static void usage(FILE *f)
{
    size_t i;
    fputs("usage: arenaplan COMMAND [ARGS...]\n\n"
          "Static memory planning for neural-network inference arenas (TensorFlow Lite Micro).\n\n"
          "commands:\n",
          f);
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-12s %s\n", commands[i].name, commands[i].summary);
    fputs("\n'arenaplan COMMAND --help' describes a command. Exit codes: 0 ok; 1 invalid plan or\n"
          "limit exceeded; 2 bad usage, unreadable input or a failed write.\n",
          f);
}

static int run(int argc, char **argv)
{
    size_t i;
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("arenaplan %s\n", AP_VERSION);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            cli_command_name = commands[i].name;
            return commands[i].run(argc - 1, argv + 1);
        }
    cli_error("unknown command '%s' (try 'arenaplan --help')", argv[1]);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    /* a closed pipe is a write error like any other (exit 2, named), not a silent death */
    signal(SIGPIPE, SIG_IGN);
    return cli_finish_stdout(run(argc, argv));
}
