/*
 * cli_opt.h - one table per command gives both its parser and its help (cli_opt.c).
 *
 * A command describes its options as rows (cli_opt): the name, a short form, the value's name
 * in the help, how the value is read and where it is stored (an offset into the command's own
 * arguments struct), and the help text. Rows come in groups (the command's own, the search
 * options, the input options), each with the struct its offsets point into. cli_parse reads
 * argv against the groups and cli_help prints them: an option cannot be parsed without being
 * listed, nor listed without being parsed.
 *
 * Values: "--name VALUE", "--name=VALUE" or "-s VALUE"; a row with CLI_OPTIONAL takes its value
 * only after '=' ("--log" or "--log=tflm"), never from the next argument, so no input is ever
 * read as an option's value. "--" ends the options.
 */
#ifndef AP_CLI_OPT_H
#define AP_CLI_OPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum cli_kind {
    CLI_FLAG,    /* no value: the int at offset becomes 1 */
    CLI_TEXT,    /* the const char * at offset points at the value */
    CLI_CHOICE,  /* the int at offset becomes the value's index in choices */
    CLI_BYTES,   /* the int64_t at offset: a byte count, K/M suffixes (1024-based) */
    CLI_COUNT,   /* the uint64_t at offset: a whole number from 1 */
    CLI_NUMBER,  /* the uint64_t at offset: a whole number from 0 */
    CLI_SECONDS, /* the double at offset: a positive number of seconds */
    CLI_CALL     /* call(ctx, row, value) reads it (value NULL for a flag) */
} cli_kind;

enum {
    CLI_OPTIONAL = 1, /* the value is optional and comes only after '=' (CLI_CALL rows: the
                         call gets NULL when it is absent) */
    CLI_HIDDEN = 2    /* parsed, kept for scripts, not listed in the help */
};

typedef struct cli_opt cli_opt;
struct cli_opt {
    const char *name;   /* "--strategy" */
    const char *shrt;   /* "-s", or NULL */
    const char *arg;    /* the value's name in the help ("NAME"); NULL: a flag */
    cli_kind kind;
    size_t offset;      /* into the group's struct */
    const char *const *choices; /* CLI_CHOICE: the names, NULL-terminated */
    int (*call)(void *ctx, const cli_opt *o, const char *value); /* CLI_CALL: 0, or -1 after an
                                                                    error message */
    unsigned flags;     /* CLI_OPTIONAL, CLI_HIDDEN */
    const char *help;   /* lines joined by '\n'; the help indents the later ones */
    const char *show;   /* the help's left column when not "NAME ARG" (e.g. "-o FILE") */
    const char *bad;    /* the message for a bad value, with {cmd}, {flag} and {value}; NULL:
                           the kind's ("{flag} {value}: not a byte count ...") */
};

typedef struct cli_group {
    const cli_opt *opts;
    size_t n;
    void *ctx;          /* the struct the rows' offsets point into */
} cli_group;

#define CLI_GROUP(rows, ctx) {(rows), sizeof(rows) / sizeof((rows)[0]), (ctx)}

typedef struct cli_spec {
    const char *cmd;         /* "plan" */
    const char *usage;       /* the usage lines and the description, before the options */
    cli_group groups[4];
    size_t ngroups;
    /* each argument that is no option, in order; 0, or -1 after an error message */
    int (*positional)(void *ctx, const char *arg, const char *after_option);
    void *pctx;
    const char *after;       /* text after the options, or NULL */
} cli_spec;

/* Reads argv[1..argc) against spec. Returns 0, 1 when --help was given (the help was printed
 * on stdout), -1 after an error message (an unknown option, a missing or bad value). An
 * argument that is no option goes to spec->positional with the option right before it when that
 * one was a CLI_OPTIONAL row given without a value (so a command can say "--log tflm reads
 * tflm as an input; write --log=tflm" when no such file exists). */
int cli_parse(const cli_spec *spec, int argc, char **argv);

/* Prints spec's help: the usage text, then every listed row of every group. */
void cli_help(const cli_spec *spec, FILE *f);

/* Whether the option named name was given in the last cli_parse. */
int cli_given(const char *name);

/* Strict number readers (no sign, no blank, no trailing text): 0 on success. */
int cli_parse_bytes(const char *s, int64_t *out);
int cli_parse_seconds(const char *s, double *out);
int cli_parse_number(const char *s, uint64_t *out);

#endif
