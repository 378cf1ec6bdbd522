// A library in the style of zlib and bzip2: a stream structure holds
// allocator hooks (null until init sets the library's defaults) and an
// opaque `void *state` that is an encoder's or a decoder's state. By
// prototype the calls through the hooks become direct calls of the
// defaults, which are inlined (the analyses then see `malloc` of
// `sizeof(struct dec)` where `state` is made); the `void *` field holds
// pointers to two structures, each load of it used as one, every store
// seen: allowed (dtrans assumes no undefined behaviour). So delete-field
// removes each state's unread field. The encoder's `u32 *` buffer is also
// used as a `u16 *` (bzip2's `mtfv`): a pointer field whose scalar target
// is seen as two types leaves its structure safe.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: bash -c 'for v in O0 NP O2; do %dtrans opt %t.$v.ll -p specialize-calls,delete-field -o %t.$v.out.ll --report %t.$v.json 2> %t.$v.msg && %clang -O2 %t.$v.out.ll -o %t.$v.new && %t.$v.new > %t.$v.txt && diff %t.base.txt %t.$v.txt || exit 1; done'
// RUN: %FileCheck %s < %t.O0.msg
// RUN: %FileCheck %s < %t.NP.msg
// CHECK-DAG: delete-field: %struct.dec -> %__DFT_struct.dec ({{.*}}: unused_d never read)
// CHECK-DAG: delete-field: %struct.enc -> %__DFT_struct.enc ({{.*}}: unused_e never read)
// CHECK-DAG: specialize-calls: %struct.stream field alloc: 2 call(s) made direct (by prototype) to @default_alloc, 2 inlined
// CHECK-DAG: specialize-calls: %struct.stream field release: 2 call(s) made direct (by prototype) to @default_release, 2 inlined
//
// Near misses, each printing what it printed: a `char *` buffer also
// stored in `state` (-DBYTES: the field holds a pointer of no one
// structure, so its loads are casts the analysis cannot check); the
// address of `state` passed to a function that writes through it (-DADDR:
// a write not seen as the field's); a second allocator of the hooks' prototype whose
// address the program takes (-DSECOND: the calls may reach either, so
// they stay indirect and `malloc`'s size is not seen). `dec` is left
// alone in each.
// RUN: bash -c 'for v in BYTES ADDR SECOND; do %clang -g -O0 -D$v -S -emit-llvm %s -o %t.$v.ll && %dtrans opt %t.$v.ll -p specialize-calls,delete-field -o %t.$v.out.ll 2> %t.$v.msg && %clang -O2 %t.$v.ll -o %t.$v.base && %clang -O2 %t.$v.out.ll -o %t.$v.new && %t.$v.base > %t.$v.base.txt && %t.$v.new > %t.$v.new.txt && diff %t.$v.base.txt %t.$v.new.txt || exit 1; done'
// RUN: %FileCheck %s --check-prefix=NEAR < %t.BYTES.msg
// RUN: %FileCheck %s --check-prefix=NEAR < %t.ADDR.msg
// RUN: %FileCheck %s --check-prefix=NEAR < %t.SECOND.msg
// NEAR-NOT: struct.dec ->
// NEAR: left alone: struct.dec
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct stream {
  const unsigned char *in;
  unsigned avail;
  unsigned long total;
  void *(*alloc)(void *opaque, int items, int size);
  void (*release)(void *opaque, void *p);
  void *opaque;
  void *state;
};

struct enc {
  unsigned *buf;
  unsigned short *view;
  long unused_e;
  unsigned long sum;
};

struct dec {
  long unused_d;
  unsigned long crc;
  int mode;
  unsigned char window[64];
};

static void *default_alloc(void *opaque, int items, int size) {
  (void)opaque;
  return malloc((size_t)items * size);
}

static void default_release(void *opaque, void *p) {
  (void)opaque;
  if (p)
    free(p);
}

#ifdef SECOND
static void *counting_alloc(void *opaque, int items, int size) {
  ++*(int *)opaque;
  return calloc(items, size);
}
#endif

#ifdef ADDR
static void put_state(void **slot, void *v) { *slot = v; }
#endif

static void init_hooks(struct stream *s) {
  if (!s->alloc)
    s->alloc = default_alloc;
  if (!s->release)
    s->release = default_release;
}

static int enc_init(struct stream *s) {
  init_hooks(s);
  struct enc *e = s->alloc(s->opaque, sizeof(struct enc), 1);
  if (!e)
    return -1;
  e->buf = malloc(256 * sizeof(unsigned));
  e->view = (unsigned short *)e->buf;
  e->unused_e = 5;
  e->sum = 0;
  s->state = e;
  return 0;
}

static void enc_step(struct stream *s) {
  struct enc *e = s->state;
  for (unsigned i = 0; i < s->avail; i++) {
    e->buf[i & 255] = s->in[i] * 3u;
    e->sum += e->view[(i * 2) & 511];
  }
  s->total += s->avail;
}

static void enc_end(struct stream *s) {
  struct enc *e = s->state;
  printf("enc sum %lu total %lu\n", e->sum, s->total);
  free(e->buf);
  s->release(s->opaque, e);
  s->state = NULL;
}

static int dec_init(struct stream *s) {
  init_hooks(s);
  struct dec *d = s->alloc(s->opaque, sizeof(struct dec), 1);
  if (!d)
    return -1;
  d->unused_d = 9;
  d->crc = 0xffffffffUL;
  d->mode = 1;
  memset(d->window, 0, sizeof d->window);
#ifdef BYTES
  if (s->avail > 1000) {
    char *raw = malloc(32);
    s->state = raw;
    return 0;
  }
#endif
#ifdef ADDR
  put_state(&s->state, d);
#else
  s->state = d;
#endif
  return 0;
}

static void dec_step(struct stream *s) {
  struct dec *d = s->state;
  for (unsigned i = 0; i < s->avail; i++) {
    d->crc = (d->crc >> 1) ^ (0xedb88320UL & -(d->crc & 1)) ^ s->in[i];
    d->window[i & 63] = s->in[i];
  }
  d->mode++;
}

static void dec_end(struct stream *s) {
  struct dec *d = s->state;
  printf("dec crc %lx mode %d w %d\n", d->crc, d->mode, d->window[5]);
  s->release(s->opaque, d);
  s->state = NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  unsigned char data[300];
  for (int i = 0; i < 300; i++)
    data[i] = (unsigned char)(i * 7 + argc);
  struct stream a = {data, 300, 0, NULL, NULL, NULL, NULL};
  struct stream b = {data, 300, 0, NULL, NULL, NULL, NULL};
#ifdef SECOND
  int count = 0;
  if (argc > 5) {
    b.alloc = counting_alloc;
    b.opaque = &count;
  }
#endif
  if (enc_init(&a) || dec_init(&b))
    return 1;
  for (int r = 0; r < 3; r++) {
    enc_step(&a);
    dec_step(&b);
  }
  enc_end(&a);
  dec_end(&b);
  return 0;
}
