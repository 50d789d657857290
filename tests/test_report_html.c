/* test_report_html.c - the HTML report, the SVG timeline and the CLI commands that write them
 * (`report`, `plan --log/--timeline`), without a browser: structure, escaping, sizes, atomic
 * files. tests/browser/report_browser.py checks the same pages rendered in Chromium. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arenaplan/csv.h"
#include "arenaplan/report.h"
#include "core/util.h"
#include "report/html_assets.h"
#include "testutil.h"

static const char example_csv[] = "id,lower,end,size\n0,0,1,100\n1,1,3,200\n2,2,4,150\n3,3,5,300\n4,4,6,250\n";

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (hay = strstr(hay, needle); hay; hay = strstr(hay + 1, needle))
        n++;
    return n;
}

/* Writers go to a temporary file that is read back whole. (open_memstream would be simpler,
 * but GCC 12 at -O2 and above wrongly flags its buffer as a dangling pointer.) */
static char *written(const char *name, size_t *len, ap_status (*write)(FILE *, const void *), const void *ctx)
{
    const char *path = tmp_path(name);
    FILE *f = fopen(path, "wb");
    char *buf;
    assert_non_null(f);
    if (write(f, ctx) != AP_OK)
        fail_msg("writing %s failed", name);
    fclose(f);
    buf = read_text(path, len);
    assert_non_null(buf);
    remove(path);
    return buf;
}

typedef struct writer_args {
    const ap_problem *p;
    const ap_plan *plans;
    size_t nplans;
} writer_args;

static ap_status write_html_args(FILE *f, const void *ctx)
{
    const writer_args *a = ctx;
    ap_error err = {0};
    ap_status st = ap_write_html(f, a->p, a->plans, a->nplans, &err);
    if (st != AP_OK)
        print_error("html: %s\n", err.msg);
    return st;
}

static ap_status write_svg_args(FILE *f, const void *ctx)
{
    const writer_args *a = ctx;
    ap_error err = {0};
    ap_status st = ap_write_svg(f, a->p, a->plans, &err);
    if (st != AP_OK)
        print_error("svg: %s\n", err.msg);
    return st;
}

static char *html_of(const ap_problem *p, const ap_plan *plans, size_t nplans, size_t *len)
{
    writer_args a = {p, plans, nplans};
    return written("report.html", len, write_html_args, &a);
}

static char *svg_of(const ap_problem *p, const ap_plan *plan, size_t *len)
{
    writer_args a = {p, plan, 1};
    return written("timeline.svg", len, write_svg_args, &a);
}

/* The text between <g class="lbl"> and its </g>: the per-buffer labels. */
static size_t labels_in(const char *svg)
{
    const char *a = strstr(svg, "<g class=\"lbl\">"), *b;
    size_t n = 0;
    assert_non_null(a);
    b = strstr(a, "</g>");
    for (a = strstr(a, "<text"); a && a < b; a = strstr(a + 1, "<text"))
        n++;
    return n;
}

/* html_assets.c is generated from assets/: it must match them. */
static void test_assets_match_sources(void **state)
{
    char *css = read_text(src_path("src/report/assets/report.css"), NULL);
    char *js = read_text(src_path("src/report/assets/report.js"), NULL);
    (void)state;
    assert_non_null(css);
    assert_non_null(js);
    if (strcmp(css, ap__html_assets_css) != 0 || strcmp(js, ap__html_assets_js) != 0)
        fail_msg("src/report/html_assets.c is stale: run python3 src/report/assets/embed.py");
    free(css);
    free(js);
}

static void test_html_worked_example(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plans[2];
    char *h;
    (void)state;
    ap_plan_init(&plans[0]);
    ap_plan_init(&plans[1]);
    plan_checked(p, "greedy", &plans[0]);
    plan_checked(p, "linear", &plans[1]);
    h = html_of(p, plans, 2, NULL);
    assert_int_equal(strncmp(h, "<!DOCTYPE html>\n<html lang=\"en\">", 32), 0);
    assert_int_equal(count(h, "<rect class=\"b k0\""), 5);
    /* greedy's rectangles, in data coordinates: y = arena - offset - size */
    assert_contains(h, "<rect class=\"b k0\" x=\"0\" y=\"600\" width=\"2\" height=\"100\"/>\n"
                       "<rect class=\"b k0\" x=\"1\" y=\"200\" width=\"3\" height=\"200\"/>\n"
                       "<rect class=\"b k0\" x=\"2\" y=\"0\" width=\"3\" height=\"150\"/>\n"
                       "<rect class=\"b k0\" x=\"3\" y=\"400\" width=\"3\" height=\"300\"/>\n"
                       "<rect class=\"b k0\" x=\"4\" y=\"150\" width=\"3\" height=\"250\"/>\n");
    assert_contains(h, "viewBox=\"0 0 7 700\" preserveAspectRatio=\"none\"");
    assert_contains(h, "<rect class=\"peak\" x=\"4\" y=\"0\" width=\"1\" height=\"700\"/>");
    assert_contains(h, "<dd id=\"sum-head\" data-value=\"700\">700 bytes <small>700 B</small></dd>");
    assert_contains(h, "<dd id=\"sum-lower\" data-value=\"700\">700 bytes</dd>");
    assert_contains(h, "<dd id=\"sum-efficiency\" data-value=\"10000\">100.0%</dd>");
    assert_contains(h, "<dd id=\"sum-linear\" data-value=\"1000\">1000 bytes</dd>");
    assert_contains(h, "<dd id=\"sum-saving\" data-value=\"300\">300 bytes <small>30.0%</small></dd>");
    assert_contains(h, "<dd id=\"sum-reuse\" data-value=\"2\">2 of 5 <small>40.0%</small></dd>");
    assert_contains(h, "<dd id=\"sum-padding\" data-value=\"0\">0 bytes</dd>");
    assert_contains(h, "<dd id=\"sum-peak\" data-value=\"700\">700 bytes</dd>");
    assert_contains(h, "<p id=\"peak-steps\">700 bytes live at step 4</p>");
    assert_contains(h, "<tr><td>tensor 3</td><td class=\"cut\" title=\"\"></td><td class=\"n\">300</td>"
                       "<td class=\"n\">42.9%</td></tr>");
    /* the strategies side by side: greedy is the smaller */
    /* the strategies side by side: greedy is the smaller; each on greedy's scale, but linear,
     * on its own */
    assert_contains(h, "<div class=\"card best\" data-arena=\"700\" data-scale=\"700\"><h3>greedy</h3>"
                       "<div class=\"arena\">700 bytes</div><div class=\"over\">+0.0% over the lower bound &#183; "
                       "smallest</div>");
    assert_contains(h, "<div class=\"card\" data-arena=\"1000\" data-scale=\"1000\"><h3>linear</h3>"
                       "<div class=\"arena\">1000 bytes</div><div class=\"over\">+42.9% over the lower bound</div>");
    assert_contains(h, "the largest plan's other than linear (700 bytes)");
    /* the live chart's legend: every arena once, in the plans' colours, and the lower bound */
    assert_contains(h, "<ul class=\"legend\" id=\"live-legend\"><li data-bytes=\"700\"><span class=\"sw\" "
                       "style=\"border-color:#222222\"></span>greedy <strong>700</strong></li><li data-bytes=\"1000\">"
                       "<span class=\"sw dot\" style=\"border-color:#9467bd\"></span>linear <strong>1000</strong></li>"
                       "<li><span class=\"sw lb\"></span>lower bound <strong>700</strong></li>");
    /* a buffer list has no operators: no operators' table */
    assert_null(strstr(h, "id=\"ops\""));
    /* the live curve: 100, 300, 350, 650, 700, 550, 250 bytes; the scale holds linear's 1000
     * (within twice the first plan's arena): 1000 + 1000/12 + 1 = 1084 */
    assert_contains(h, "<path class=\"curve\" d=\"M0 1084V984H1V784H2V734H3V434H4V384H5V534H6V834H7V1084\"/>");
    assert_contains(h, "peak 700 at step 4</text>");
    /* the data for the script */
    assert_contains(h, "\"b\":[\n[\"0\",null,0,100,0,2,0,null,null,0,null],\n[\"1\",null,0,200,1,4,0,null,null,0,null],");
    assert_contains(h, "[\"4\",null,0,250,4,7,0,null,null,1,null]],\n\"plans\":[{\"s\":\"greedy\",\"arena\":700,"
                       "\"off\":[0,300,550,0,300]},\n{\"s\":\"linear\",\"arena\":1000,\"off\":[0,100,300,450,750]}]}");
    /* nothing fetched from anywhere: the only URL is the SVG namespace's name */
    assert_int_equal(count(h, "http"), count(h, "xmlns=\"http://www.w3.org/2000/svg\""));
    assert_null(strstr(h, "src="));
    assert_null(strstr(h, "href="));
    assert_null(strstr(h, "url("));
    assert_null(strstr(h, "@import"));
    assert_null(strstr(h, "fetch("));
    assert_int_equal(count(h, "</script>"), 2);
    /* a deterministic file: the same report twice is the same bytes */
    {
        char *again = html_of(p, plans, 2, NULL);
        assert_string_equal(h, again);
        free(again);
    }
    free(h);
    ap_plan_free(&plans[0]);
    ap_plan_free(&plans[1]);
    ap_problem_free(p);
}

/* Names from files are distrusted: markup, quotes, control bytes and broken UTF-8 can neither
 * break the page nor make the SVG ill-formed. */
static void test_escaping(void **state)
{
    ap_problem *p = ap_problem_new();
    ap_buffer_spec sp;
    ap_error err = {0};
    ap_plan plan;
    char *h, *s;
    (void)state;
    ap_buffer_spec_init(&sp);
    sp.id = "x<&>\"'";
    sp.name = "</script><b>\x01 caf\xc3\xa9 \xff\xfe end";
    sp.producer = "op 1 </SCRIPT>";
    sp.consumers = "op 2 & op 3";
    sp.size = 64;
    sp.lower = 0;
    sp.upper = 3;
    sp.kind = AP_KIND_ACTIVATION;
    sp.tensor = 4;
    sp.subgraph = 0;
    assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    assert_int_equal(ap_problem_add_label(p, 1, "op 1 <ADD>", &err), AP_OK);
    assert_int_equal(ap_problem_set_source(p, "a<b>.tflite", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    h = html_of(p, &plan, 1, NULL);
    assert_int_equal(count(h, "</script>"), 2);
    assert_null(strstr(h, "</SCRIPT>"));
    assert_null(strstr(h, "<b>"));
    assert_null(strstr(h, "\x01"));
    assert_null(strstr(h, "\xff"));
    assert_contains(h, "[\"x\\u003c\\u0026\\u003e\\\"'\",\"\\u003c/script\\u003e\\u003cb\\u003e\\u0001 caf\xc3\xa9 ?? end\"");
    assert_contains(h, "\"op 1 \\u003c/SCRIPT\\u003e\",\"op 2 \\u0026 op 3\"");
    assert_contains(h, "[[1,\"op 1 \\u003cADD\\u003e\"]]");
    assert_contains(h, "<title>arenaplan report: a&lt;b&gt;.tflite</title>");
    assert_contains(h, "<td>tensor x&lt;&amp;&gt;&quot;&#39;</td><td class=\"cut\" title=\"&lt;/script&gt;&lt;b&gt;? "
                       "caf\xc3\xa9 ?? end\">&lt;/script&gt;&lt;b&gt;? caf\xc3\xa9 ?? end</td>");
    /* the operators' table escapes labels too */
    assert_contains(h, "<tr data-step=\"1\"><td class=\"n\">1</td><td class=\"cut\" title=\"op 1 &lt;ADD&gt;\">"
                       "op 1 &lt;ADD&gt;</td><td class=\"n\">64</td>");
    s = svg_of(p, &plan, NULL);
    assert_contains(s, "<title>tensor x&lt;&amp;&gt;&quot;&#39; &lt;/script&gt;&lt;b&gt;? caf\xc3\xa9 ?? end (activation): "
                       "64 bytes at offset 0-64, steps 0-2; producer op 1 &lt;/SCRIPT&gt;; consumers op 2 &amp; op 3</title>");
    assert_null(strstr(s, "\x01"));
    assert_null(strstr(s, "\xff"));
    free(s);
    free(h);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_svg(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    char *s;
    const char *path = tmp_path("example.svg");
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    s = svg_of(p, &plan, NULL);
    assert_int_equal(strncmp(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", 77), 0);
    assert_int_equal(count(s, "<rect class=\"b k0\""), 5);
    assert_contains(s, "<rect class=\"b k0\" x=\"3\" y=\"400\" width=\"3\" height=\"300\"><title>tensor 3 (buffer): 300 "
                       "bytes at offset 0-300, steps 3-5</title></rect>");
    /* every rectangle of the example is large enough for its label */
    assert_int_equal(labels_in(s), 5);
    assert_contains(s, "Memory timeline: greedy, head 700 bytes, lower bound 700</text>");
    assert_int_equal(count(s, "<svg"), 2);
    assert_int_equal(count(s, "</svg>"), 2);
    assert_null(strstr(s, "<script"));
    write_text(path, s);
    /* well-formed XML, when xmllint is here (the browser test requires it) */
    if (access("/usr/bin/xmllint", X_OK) == 0) {
        char *argv[] = {"xmllint", "--noout", (char *)path, NULL};
        run_result r = run_argv(argv);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.err, "");
        run_free(&r);
    }
    free(s);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* 10k buffers: the report stays small, with no labels on rectangles too small to read. */
static void test_large_input_sizes(void **state)
{
    ap_problem *p = ap_problem_new();
    ap_error err = {0};
    ap_plan plan;
    uint64_t seed = 5;
    size_t len, slen, i;
    char id[16], *h, *s;
    (void)state;
    for (i = 0; i < 10000; i++) {
        ap_buffer_spec sp;
        int64_t lo = (int64_t)ap__rand_below(&seed, 2000);
        ap_buffer_spec_init(&sp);
        snprintf(id, sizeof id, "b%zu", i);
        sp.id = id;
        sp.lower = lo;
        sp.upper = lo + 1 + (int64_t)ap__rand_below(&seed, 40);
        sp.size = 16 * (1 + (int64_t)ap__rand_below(&seed, 64));
        assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    }
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    h = html_of(p, &plan, 1, &len);
    s = svg_of(p, &plan, &slen);
    assert_int_equal(count(h, "<rect class=\"b k0\""), 10000);
    assert_int_equal(count(s, "<rect class=\"b k0\""), 10000);
    assert_true(len < 5 * 1024 * 1024);
    assert_true(slen < 5 * 1024 * 1024);
    assert_int_equal(labels_in(h), 0);
    assert_int_equal(labels_in(s), 0);
    free(h);
    free(s);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* ---- the CLI ---- */

static const char *example_file(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("example.csv"));
    write_text(path, example_csv);
    return path;
}

static size_t entries(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t n = 0;
    assert_non_null(d);
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void test_cli_report(void **state)
{
    char in[4096], html[4200], svg[4200], dir[4096];
    run_result r;
    char *h, *s;
    (void)state;
    snprintf(in, sizeof in, "%s", example_file());
    snprintf(dir, sizeof dir, "%s", tmp_path("reportdir"));
    mkdir(dir, 0755);
    snprintf(html, sizeof html, "%s/r.html", dir);
    snprintf(svg, sizeof svg, "%s/r.svg", dir);
    unlink(html);
    unlink(svg);

    r = run_cli("report", in, "--strategy", "greedy", "-s", "linear", "-s", "greedy", "-o", html, "--svg", svg, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    run_free(&r);
    h = read_text(html, NULL);
    s = read_text(svg, NULL);
    assert_non_null(h);
    assert_non_null(s);
    assert_int_equal(count(h, " data-arena="), 2); /* greedy once, then linear */
    assert_contains(h, "<h3>greedy</h3>");
    assert_contains(h, "<h3>linear</h3>");
    assert_int_equal(count(s, "<rect class=\"b k0\""), 5);
    free(h);
    free(s);

    /* the default strategies */
    r = run_cli("report", in, "--quiet", NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(count(r.out, " data-arena="), 4);
    assert_contains(r.out, "<h3>best:");
    assert_contains(r.out, "<h3>greedy</h3>");
    assert_contains(r.out, "<h3>bestfit-size</h3>");
    assert_contains(r.out, "<h3>linear</h3>");
    run_free(&r);

    /* --svg alone writes no HTML */
    unlink(svg);
    r = run_cli("report", in, "--svg", svg, "-s", "greedy", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    assert_true(file_exists(svg));
    run_free(&r);
    r = run_cli("report", in, "--svg", "-", "-s", "greedy", NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out, "<?xml", 5), 0);
    run_free(&r);

    /* errors leave nothing behind, not even a temporary file */
    unlink(html);
    unlink(svg);
    assert_int_equal(entries(dir), 0);
    r = run_cli("report", in, "--strategy", "nosuch", "-o", html, "--svg", svg, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "arenaplan: unknown strategy 'nosuch'; known: linear greedy");
    run_free(&r);
    assert_int_equal(entries(dir), 0);
    r = run_cli("report", "/nonexistent/in.csv", "-o", html, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "/nonexistent/in.csv: cannot open");
    run_free(&r);
    assert_int_equal(entries(dir), 0);
    r = run_cli("report", in, "-s", "greedy", "-o", html, "--svg", "/nonexistent/dir/t.svg", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "cannot write /nonexistent/dir/t.svg");
    run_free(&r);
    assert_int_equal(entries(dir), 0);
    rmdir(dir);

    r = run_cli("report", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: report: no input given (see 'arenaplan report --help')\n");
    run_free(&r);
    r = run_cli("report", in, "-o", "-", "--svg", "-", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: report: the HTML report and the SVG cannot both go to stdout\n");
    run_free(&r);
    r = run_cli("report", "--help", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: arenaplan report INPUT [options]");
    run_free(&r);
    r = run_cli("--help", NULL);
    assert_contains(r.out, "  report       an HTML report of a plan");
    run_free(&r);
}

static void test_cli_plan_log_timeline(void **state)
{
    char in[4096], json[4096];
    run_result r;
    char *j;
    (void)state;
    snprintf(in, sizeof in, "%s", example_file());
    snprintf(json, sizeof json, "%s", tmp_path("plan.json"));
    setenv("COLUMNS", "40", 1);
    r = run_cli("plan", in, "--strategy", "greedy", "--log", "--timeline", NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out,
                             "tensor 3 allocated at offset 0, size 300\n"
                             "tensor 4 allocated at offset 300, size 250\n"
                             "tensor 1 reuses offset 300, size 200\n"
                             "tensor 2 allocated at offset 550, size 150\n"
                             "tensor 0 reuses offset 0, size 100\n"
                             "\n"
                             "timeline of greedy: head 700 bytes, 29 columns of 24.1 bytes; '.' free, '!' shared\n"
                             "0: 0000......................... (100 B)\n",
                             strlen("tensor 3 allocated at offset 0, size 300\n"
                                    "tensor 4 allocated at offset 300, size 250\n"
                                    "tensor 1 reuses offset 300, size 200\n"
                                    "tensor 2 allocated at offset 550, size 150\n"
                                    "tensor 0 reuses offset 0, size 100\n"
                                    "\n"
                                    "timeline of greedy: head 700 bytes, 29 columns of 24.1 bytes; '.' free, '!' shared\n"
                                    "0: 0000......................... (100 B)\n")),
                     0);
    assert_contains(r.out, "4 tensor 4, 250 bytes at 300, steps 4-6\n\nstrategy     greedy\n");
    run_free(&r);
    unsetenv("COLUMNS");

    /* JSON on stdout cannot be mixed with the log; into a file it can */
    r = run_cli("plan", in, "--format", "json", "--log", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: --log and --timeline print to stdout; write the json plan to a file "
                               "with -o FILE\n");
    run_free(&r);
    unlink(json);
    r = run_cli("plan", in, "--strategy", "greedy", "--format", "json", "--log", "-o", json, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "tensor 3 allocated at offset 0, size 300\n"
                               "tensor 4 allocated at offset 300, size 250\n"
                               "tensor 1 reuses offset 300, size 200\n"
                               "tensor 2 allocated at offset 550, size 150\n"
                               "tensor 0 reuses offset 0, size 100\n");
    run_free(&r);
    j = read_text(json, NULL);
    assert_non_null(j);
    assert_contains(j, "\"summary\":{\"buffers\":5,");
    free(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_assets_match_sources),
        cmocka_unit_test(test_html_worked_example),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_svg),
        cmocka_unit_test(test_large_input_sizes),
        cmocka_unit_test(test_cli_report),
        cmocka_unit_test(test_cli_plan_log_timeline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
