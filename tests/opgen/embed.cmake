# Writes OUT, a C file holding the bytes of IN as og_builtin_spec[] (NUL-terminated): the spec
# compiled into opgen. cmake -DIN=ops.spec -DOUT=ops_spec.c -P embed.cmake
file(READ ${IN} hex HEX)
string(REGEX REPLACE "(..)" "0x\\1," body "${hex}")
string(REGEX REPLACE "((0x..,){32})" "\\1\n" body "${body}")
file(WRITE ${OUT} "/* Generated from ${IN} by embed.cmake: do not edit. */\n"
  "#include \"opgen.h\"\nconst unsigned char og_builtin_spec[] = {\n${body}0};\n")
