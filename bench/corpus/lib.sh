# Shared by fetch.sh and run.sh.
# corpus_modules FILE: the "path version kind" lines of modules.txt, without comments and blank lines.
corpus_modules() { grep -v '^[[:space:]]*#' "$1" | awk 'NF >= 3 { print $1, $2, $3 }'; }
# corpus_name PATH: the directory and label-file name of a module: the path without its host,
# slashes replaced by underscores (github.com/nats-io/nats-server/v2 -> nats-io_nats-server_v2).
corpus_name() { local p=${1#*/}; printf '%s\n' "${p//\//_}"; }
