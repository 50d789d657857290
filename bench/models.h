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

struct ap_tfl_model;
/* Reads the .tflite file at path into *data (malloc'd) and *m (ap_tflite_read): 0, or -1 after
 * printing "PATH: why" on stderr (nothing to free then). */
int bench_model_read(const char *path, unsigned char **data, size_t *len,
                     struct ap_tfl_model **m);

#endif
