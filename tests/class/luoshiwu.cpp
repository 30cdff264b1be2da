#include <cstdio>
#include <cstring>
const int LIM = 12;
int sz;
int q[LIM];
bool c1[LIM], d1[2 * LIM], d2[2 * LIM];
char g[LIM][LIM + 1];
/* output one solution */
void out() {
  for (int i = 0; i < sz; i++) {
    memset(g[i], '.', sz);
    g[i][q[i]] = 'Q';
    g[i][sz] = '\0';
    puts(g[i]);
  }
  puts("");
}
void mark(int a, int b, bool v) {
  c1[b] = v;
  d1[a - b + sz - 1] = v;
  d2[a + b] = v;
  if (v) q[a] = b;
}
void dfs(int a) {
  if (a == sz) { out(); return; }
  for (int b = 0; b < sz; b++) {
    if (c1[b] || d1[a - b + sz - 1] || d2[a + b]) continue;
    mark(a, b, true);
    dfs(a + 1);
    mark(a, b, false);
  }
}
int main() { scanf("%d", &sz); dfs(0); return 0; }
