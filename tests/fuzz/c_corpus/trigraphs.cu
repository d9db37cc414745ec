// trigraphs are not replaced in C++17: ??/
int not_hidden;
const char *s = "??=??(??)";
??=define NOT_A_DIRECTIVE 1
