/*
 * models.h - the .tflite files of a folder, by name, for the benchmarks that walk the corpus.
 */
#ifndef AP_BENCH_MODELS_H
#define AP_BENCH_MODELS_H

#include <stddef.h>

/* The paths DIR/NAME of every NAME ending in ".tflite" in dir, sorted by name (a stable order
 * for the printed tables), into *paths (malloc'd; free with bench_models_free). Returns how many;
 * 0 when the folder cannot be read or memory runs out (a benchmark then prints no rows). */
size_t bench_models(const char *dir, char ***paths);
void bench_models_free(char **paths, size_t n);

#endif
