const char *s = "never closed
int next_line;
char c = 'x
int after_char;
const char *t = "ends with a backslash\\
