const charusive_scan(int v){const int la *a = R"(plain)";
const char *b = R"x(a ")" __shared__ int t[4]; )x";
const char *c = u8R"d(
several
lines \
no splice)d";
const char *d = LR"(w)" ; auto e = uR"(u)"; auto f = UR"(U)";
const char *g = R"aaaaaaaaaaaaaaaalong)aa(too long)aaaaaaaaaaaaaaa-a";
