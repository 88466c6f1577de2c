// The load drivers are built one at a time by drive.sh against the corpus copy of the module they
// drive (a go.mod of their own with a replace), so this directory is a module of its own: the
// repository's ./... does not include it, and its programs are not built in place.
module github.com/perfproof/perfproof/bench/corpus/drivers

go 1.26
