/* Compiled on its own to an object file: calls back into the program by name. */
int program_callback(int x);
int library_entry(int x) { return program_callback(x) * 2; }
