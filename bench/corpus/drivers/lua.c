/* Corpus driver for the Lua interpreters of the lua-src crate (5.1 to 5.4):
   runs each Lua script named on the command line in a fresh state with the
   standard libraries and stops with status 1 on the first error. Written
   for dtrans's corpus (bench/corpus.py). */
#include <stdio.h>
#include "lua.h"
#include "lualib.h"
#include "lauxlib.h"

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    lua_State *L = luaL_newstate();
    if (!L) { fprintf(stderr, "lua: cannot create state\n"); return 1; }
    luaL_openlibs(L);
    if (luaL_loadfile(L, argv[i]) || lua_pcall(L, 0, 0, 0)) {
      fprintf(stderr, "lua: %s\n", lua_tostring(L, -1));
      lua_close(L);
      return 1;
    }
    lua_close(L);
  }
  return 0;
}
