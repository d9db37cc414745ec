#!/bin/sh
# Prints the folder that holds cuda_runtime.h for the nvcc given as $1, for
# the runners' host part, which plain g++ compiles (harness/runtime/meson.build).
# nvcc itself says where it looks (the INCLUDES line of --dryrun); that holds
# wherever and however nvcc is installed (a symlink on PATH, a wrapper script,
# a toolkit outside /usr/local/cuda). Then the folders beside the real nvcc.
nvcc=$1
for i in $("$nvcc" --dryrun -x cu -c /dev/null -o /dev/null 2>&1 |
	sed -n 's/^#\$ *INCLUDES=//p' | tr -d '"' | tr ' ' '\n' | sed -n 's/^-I//p'); do
	[ -f "$i/cuda_runtime.h" ] && { echo "$i"; exit 0; }
done
real=$(command -v "$nvcc") && real=$(readlink -f "$real") || real=$nvcc
d=$(dirname "$real")/..
for i in "$d/targets/x86_64-linux/include" "$d/targets/sbsa-linux/include" "$d/include" \
	/usr/local/cuda/targets/x86_64-linux/include /usr/local/cuda/include /usr/include; do
	[ -f "$i/cuda_runtime.h" ] && { echo "$i"; exit 0; }
done
echo "cannot find cuda_runtime.h for $nvcc (asked it with --dryrun, looked beside $real):" \
	"install the CUDA toolkit's headers or set CUDA_PATH to the toolkit" >&2
echo "找不到 $nvcc 的 cuda_runtime.h（问过 nvcc --dryrun，也找过 $real 旁边）：" \
	"请安装 CUDA toolkit 的头文件，或把 CUDA_PATH 设为 toolkit 的目录" >&2
exit 1
