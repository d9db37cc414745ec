// A __shared__ array hidden after a comment that a splice continues: \
__shared__ int hidden[32];
/* a block comment closed across a splice *\
/ __shared__ int seen[32];
/\
/ a line comment opened across a splice
__sha\
red__ int split_keyword[32];
#def\
ine TILE 32
const char *s = "a\
b";
int x = 1 \  
  + 2;
