/* /* nested? no: this ends here */ int code; */
// /* a line comment
int more; /* // */ int still;
"/*" int in_between; "*/"
