/*
 * libstdcxx.c - the two pieces of the C++ standard library that decide the order in which TFLite's
 * ArenaPlanner allocates tensors of equal size first needed at the same operator, reproduced as
 * libstdc++ (GCC 12, the library a Linux build of TFLite links) behaves.
 *
 * ArenaPlanner keeps the tensors each operator allocates in a std::unordered_set<int32_t>
 * (nodes_to_tensors_), concatenates the sets in iteration order and sorts that list with
 * std::sort, which is not stable. Both are deterministic, so the real order can be computed:
 *
 * - the set: std::hash<int> is the identity, a key goes to bucket key % bucket_count; a key
 *   whose bucket is empty goes to the front of the node list (and the bucket of the old front
 *   node now starts after it), else it goes right after the node before its bucket's first, so
 *   at the front of its bucket. The table starts with 1 bucket and grows, when an insert would
 *   make the count exceed the bucket count, to the primes below (13 at the first insert, then
 *   the next prime of the policy at or above twice the count), relinking the nodes in list
 *   order by the same front-of-list rule. The bucket counts were measured from libstdc++'s own
 *   _Prime_rehash_policy.
 * - the sort: introsort on ranges longer than 16 (pivot the median of the second, middle and
 *   last elements, moved to the front; Hoare partition of the rest around it; recursion on the
 *   right part, loop on the left; heapsort when 2 * floor(log2 n) levels are used up), then one
 *   insertion sort over the whole range (guarded on the first 16 elements, unguarded after).
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "litert/libstdcxx.h"

/* Bucket counts an unordered_set passes through as single inserts grow it. */
static const uint64_t bucket_counts[] = {
    13u, 29u, 59u, 127u, 257u, 541u, 1109u, 2357u, 5087u, 10273u, 20753u, 42043u, 85229u,
    172933u, 351061u, 712697u, 1447153u, 2938679u, 5967347u, 12117689u, 24607243u, 49969847u,
    101473717u, 206062531u, 418451333u, 849749479u, 1725587117u, 3504151727u};

#define BEFORE_BEGIN (-2)
#define EMPTY (-1)

void ap__libstdcxx_uset_init(ap__uset *s)
{
    memset(s, 0, sizeof *s);
    s->head = -1;
}

void ap__libstdcxx_uset_free(ap__uset *s)
{
    free(s->key);
    free(s->next);
    free(s->bucket);
    ap__libstdcxx_uset_init(s);
}

static size_t bucket_of(const ap__uset *s, int32_t key)
{
    /* std::hash<int32_t> is the value; size_t(int) of a negative key wraps as in C++ */
    return (size_t)(uint64_t)(int64_t)key % s->n_buckets;
}

/* Links node x at the front of its bucket (the _M_insert_bucket_begin rule). */
static void link_front(ap__uset *s, int32_t x)
{
    size_t b = bucket_of(s, s->key[x]);
    if (s->bucket[b] != EMPTY) {
        int32_t before = s->bucket[b];
        int32_t *slot = before == BEFORE_BEGIN ? &s->head : &s->next[before];
        s->next[x] = *slot;
        *slot = x;
        return;
    }
    s->next[x] = s->head;
    s->head = x;
    if (s->next[x] >= 0)
        s->bucket[bucket_of(s, s->key[s->next[x]])] = x;
    s->bucket[b] = BEFORE_BEGIN;
}

/* _M_rehash_aux for unique keys: the nodes relinked in list order into nb buckets. */
static ap_status rehash(ap__uset *s, size_t nb, ap_error *err)
{
    int32_t *nbk = ap__alloc(nb, sizeof *nbk), p, bbegin = -1;
    size_t k;
    if (!nbk)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory emulating an unordered_set");
    for (k = 0; k < nb; k++)
        nbk[k] = EMPTY;
    free(s->bucket);
    s->bucket = nbk;
    s->n_buckets = nb;
    p = s->head;
    s->head = -1;
    while (p >= 0) {
        int32_t nx = s->next[p];
        size_t b = bucket_of(s, s->key[p]);
        if (nbk[b] == EMPTY) {
            s->next[p] = s->head;
            s->head = p;
            nbk[b] = BEFORE_BEGIN;
            if (s->next[p] >= 0)
                nbk[bbegin] = p;
            bbegin = (int32_t)b;
        } else {
            int32_t before = nbk[b];
            int32_t *slot = before == BEFORE_BEGIN ? &s->head : &s->next[before];
            s->next[p] = *slot;
            *slot = p;
        }
        p = nx;
    }
    return AP_OK;
}

static size_t next_bucket_count(size_t current)
{
    size_t k;
    for (k = 0; k < sizeof bucket_counts / sizeof bucket_counts[0]; k++)
        if (bucket_counts[k] > current)
            return (size_t)bucket_counts[k];
    return current * 2 + 1; /* beyond 2^31 tensors: unreachable (AP__LRT_MAX_TENSORS) */
}

ap_status ap__libstdcxx_uset_insert(ap__uset *s, int32_t key, ap_error *err)
{
    int32_t x;
    ap_status st;
    if (s->n_buckets) {
        int32_t before = s->bucket[bucket_of(s, key)];
        if (before != EMPTY) {
            /* scan the bucket: from the node after `before` while nodes stay in it */
            size_t b = bucket_of(s, key);
            for (x = before == BEFORE_BEGIN ? s->head : s->next[before];
                 x >= 0 && bucket_of(s, s->key[x]) == b; x = s->next[x])
                if (s->key[x] == key)
                    return AP_OK;
        }
    }
    if (s->n == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 8;
        int32_t *k2 = realloc(s->key, nc * sizeof *k2), *n2;
        if (!k2)
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory emulating an unordered_set");
        s->key = k2;
        if (!(n2 = realloc(s->next, nc * sizeof *n2)))
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory emulating an unordered_set");
        s->next = n2;
        s->cap = nc;
    }
    /* _M_need_rehash with max_load_factor 1: grow when the count would exceed the buckets */
    if (s->n + 1 > s->n_buckets &&
        (st = rehash(s, next_bucket_count(s->n_buckets), err)) != AP_OK)
        return st;
    x = (int32_t)s->n++;
    s->key[x] = key;
    link_front(s, x);
    return AP_OK;
}

/* ---- std::sort ----------------------------------------------------------------------------- */

typedef struct sorter {
    int32_t *v;
    ap__less_fn less;
    const void *ctx;
} sorter;

#define LESS(s, a, b) ((s)->less((a), (b), (s)->ctx))

static void swap_at(int32_t *v, size_t a, size_t b)
{
    int32_t t = v[a];
    v[a] = v[b];
    v[b] = t;
}

/* __move_median_to_first(result, a, b, c) */
static void median_to_first(const sorter *s, size_t result, size_t a, size_t b, size_t c)
{
    int32_t *v = s->v;
    if (LESS(s, v[a], v[b])) {
        if (LESS(s, v[b], v[c]))
            swap_at(v, result, b);
        else if (LESS(s, v[a], v[c]))
            swap_at(v, result, c);
        else
            swap_at(v, result, a);
    } else if (LESS(s, v[a], v[c])) {
        swap_at(v, result, a);
    } else if (LESS(s, v[b], v[c])) {
        swap_at(v, result, c);
    } else {
        swap_at(v, result, b);
    }
}

/* __unguarded_partition(first, last, pivot): returns the cut. */
static size_t partition(const sorter *s, size_t first, size_t last, size_t pivot)
{
    int32_t *v = s->v;
    for (;;) {
        while (LESS(s, v[first], v[pivot]))
            first++;
        last--;
        while (LESS(s, v[pivot], v[last]))
            last--;
        if (!(first < last))
            return first;
        swap_at(v, first, last);
        first++;
    }
}

/* __adjust_heap over v[base .. base + len) */
static void adjust_heap(const sorter *s, size_t base, size_t hole, size_t len, int32_t value)
{
    int32_t *v = s->v + base;
    size_t top = hole, child = hole;
    while (len >= 2 && child < (len - 1) / 2) {
        child = 2 * (child + 1);
        if (LESS(s, v[child], v[child - 1]))
            child--;
        v[hole] = v[child];
        hole = child;
    }
    if ((len & 1) == 0 && child == (len - 2) / 2) {
        child = 2 * (child + 1);
        v[hole] = v[child - 1];
        hole = child - 1;
    }
    /* __push_heap */
    while (hole > top) {
        size_t parent = (hole - 1) / 2;
        if (!LESS(s, v[parent], value))
            break;
        v[hole] = v[parent];
        hole = parent;
    }
    v[hole] = value;
}

/* __partial_sort(first, last, last): make_heap, then sort_heap. */
static void heap_sort(const sorter *s, size_t first, size_t last)
{
    size_t len = last - first, parent;
    if (len < 2)
        return;
    for (parent = (len - 2) / 2;; parent--) {
        adjust_heap(s, first, parent, len, s->v[first + parent]);
        if (parent == 0)
            break;
    }
    while (last - first > 1) {
        int32_t value;
        last--;
        value = s->v[last];
        s->v[last] = s->v[first];
        adjust_heap(s, first, 0, last - first, value);
    }
}

#define THRESHOLD 16

static void introsort(const sorter *s, size_t first, size_t last, int depth)
{
    while (last - first > THRESHOLD) {
        size_t cut;
        if (depth == 0) {
            heap_sort(s, first, last);
            return;
        }
        depth--;
        median_to_first(s, first, first + 1, first + (last - first) / 2, last - 1);
        cut = partition(s, first + 1, last, first);
        introsort(s, cut, last, depth);
        last = cut;
    }
}

/* __unguarded_linear_insert(i) */
static void linear_insert(const sorter *s, size_t i)
{
    int32_t *v = s->v, val = v[i];
    while (LESS(s, val, v[i - 1])) {
        v[i] = v[i - 1];
        i--;
    }
    v[i] = val;
}

/* __insertion_sort(first, last) */
static void insertion_sort(const sorter *s, size_t first, size_t last)
{
    int32_t *v = s->v;
    size_t i;
    if (first == last)
        return;
    for (i = first + 1; i != last; i++) {
        if (LESS(s, v[i], v[first])) {
            int32_t val = v[i];
            memmove(v + first + 1, v + first, (i - first) * sizeof *v);
            v[first] = val;
        } else {
            linear_insert(s, i);
        }
    }
}

static int floor_log2(size_t n)
{
    int k = 0;
    while (n > 1) {
        n >>= 1;
        k++;
    }
    return k;
}

void ap__libstdcxx_sort(int32_t *v, size_t n, ap__less_fn less, const void *ctx)
{
    sorter s = {v, less, ctx};
    size_t i;
    if (n < 2)
        return;
    introsort(&s, 0, n, 2 * floor_log2(n));
    if (n > THRESHOLD) {
        insertion_sort(&s, 0, THRESHOLD);
        for (i = THRESHOLD; i < n; i++)
            linear_insert(&s, i);
    } else {
        insertion_sort(&s, 0, n);
    }
}
