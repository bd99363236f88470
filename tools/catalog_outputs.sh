#!/bin/bash
# usage: tools/catalog_outputs.sh CARDFIT OVERLAY_DIR OUT_DIR: what `cardfit catalog` says of each file
# (--validate in English, --validate --json in Chinese, the merged catalog --json, and for
# measurement files --measurements --json), one file per run; compare two binaries with diff -r.
B=$1; OV=$2; OUT=$3; mkdir -p $OUT
one() {
  B=$1; f=$2; OUT=$3; n=$(basename $f .json)
  { $B catalog --validate $f; echo "RC $?"; } > $OUT/$n.val 2>&1
  { $B catalog --validate $f --json --lang zh; echo "RC $?"; } > $OUT/$n.valzh 2>&1
  { $B catalog --catalog $f --json; echo "RC $?"; } 2>&1 | md5sum > $OUT/$n.cat
  case $n in *measurements*|*fx*|*calib*) { $B catalog --measurements $f --json; echo "RC $?"; } 2>&1 | md5sum > $OUT/$n.meas ;; esac
}
export -f one
ls $OV/*.json | xargs -P 2 -I{} bash -c "one $B {} $OUT"
