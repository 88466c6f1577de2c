#!/usr/bin/env bash
# run.sh: the logic of perfproof's CI action (action.yml), runnable outside
# GitHub as well.
#
# It compares a base revision with a head revision with `perfproof compare`
# and its -fail-on gate, writes the verdict table (Markdown, with a heading
# and the command that was run) to the job summary ($GITHUB_STEP_SUMMARY,
# appended, when set) and to a PR comment body file, writes name=value
# outputs to $GITHUB_OUTPUT when set, and optionally runs `perfproof scan
# -sarif FILE` for code scanning.
#
# It never modifies the work tree, the index, the stash or any branch:
# perfproof compare checks both revisions out in temporary worktrees of its
# own. With --fetch-base a missing base is fetched into FETCH_HEAD (objects
# only; no branch or remote-tracking ref is written).
#
# Exit status: 0 the gate passed, 1 the gate failed, 2 an error (perfproof
# exited 2, git or perfproof missing, a revision that does not resolve, a
# scan that failed, anything unexpected). An error never reads as a pass:
# the summary and the comment say so in their heading.
#
# Options (each also read from the environment variable in brackets, which
# is how action.yml passes its inputs; a flag wins over the variable):
#   --base REF               base revision [PERFPROOF_BASE]; default: the PR's
#                            base branch ($GITHUB_BASE_REF, as <remote>/REF,
#                            then the event's pull_request.base.sha, then a
#                            local branch REF)
#   --head REF               head revision [PERFPROOF_HEAD]; default HEAD
#   --merge-base             compare the merge base of base and head, not the
#                            base itself [PERFPROOF_MERGE_BASE=true]
#   --fetch-base             fetch the base from the remote when it is not in
#                            the repository [PERFPROOF_FETCH_BASE=true]
#   --remote NAME            remote for the base [PERFPROOF_REMOTE]; default origin
#   --packages LIST          space-separated packages [PERFPROOF_PACKAGES];
#                            default ./...
#   --bench REGEXP           [PERFPROOF_BENCH]; default .
#   --fail-on LIST           the gate [PERFPROOF_FAIL_ON]; default slower,allocs;
#                            "none" runs without a gate (report only)
#   --count N                rounds [PERFPROOF_COUNT]; default perfproof's
#   --benchtime D            [PERFPROOF_BENCHTIME]; default perfproof's
#   --time D                 time budget [PERFPROOF_TIME]
#   --min-effect E           [PERFPROOF_MIN_EFFECT]
#   --alpha A                [PERFPROOF_ALPHA]
#   --adaptive               [PERFPROOF_ADAPTIVE=true]
#   --compare-args ARGS      more compare flags, space-separated
#                            [PERFPROOF_COMPARE_ARGS]
#   --working-directory DIR  the module's directory [PERFPROOF_WORKING_DIRECTORY];
#                            relative to $GITHUB_WORKSPACE when set, else to
#                            the current directory
#   --scan / --no-scan       run perfproof scan -sarif [PERFPROOF_SCAN=true|false];
#                            default true
#   --sarif-file PATH        [PERFPROOF_SARIF_FILE]; default
#                            $RUNNER_TEMP/perfproof/perfproof.sarif
#   --comment-file PATH      [PERFPROOF_COMMENT_FILE]; default
#                            $RUNNER_TEMP/perfproof/comment.md
#   --perfproof PATH         the perfproof binary [PERFPROOF_BIN]; default
#                            perfproof on PATH
# Relative output paths are taken from the directory the script started in.
# Without $RUNNER_TEMP the default files go to a new temporary directory.
set -Eeuo pipefail

# ---- state shared with the exit handler ----------------------------------
finished=0
err_line=""
err_cmd=""
base_ref=""
base_sha=""
head_ref=""
head_sha=""
compare_cmd=""
compare_rc=""
scan_rc=""
sarif_file=""
comment_file=""
md_file=""
err_file=""
scan_err_file=""
tmp=""
do_scan=false
fail_on=""
workdir=.

log() { printf 'perfproof action: %s\n' "$*" >&2; }

# die MESSAGE: an error before or around the comparison; it writes the error
# summary, the comment and the outputs, and exits 2.
die() {
	log "ERROR: $*"
	finish error "$*"
}

on_err() {
	err_line=$1
	err_cmd=$2
}

on_exit() {
	local rc=$?
	if [[ $finished == 1 ]]; then
		return
	fi
	# An unexpected exit (set -e, a signal): whatever its code, it is an
	# error, never a gate verdict.
	local what="run.sh stopped unexpectedly (exit status $rc)"
	if [[ -n $err_line ]]; then
		what+=" at line $err_line: $err_cmd"
	fi
	log "ERROR: $what"
	finish error "$what" || true
	exit 2
}
trap 'on_err "$LINENO" "$BASH_COMMAND"' ERR
trap on_exit EXIT

truthy() {
	case "${1,,}" in
	1 | true | yes | on) return 0 ;;
	'' | 0 | false | no | off) return 1 ;;
	*)
		die "not a boolean: '$1' (want true or false)"
		;;
	esac
}

# ---- reporting ------------------------------------------------------------

# fence prints its input as a fenced code block.
fence() {
	printf '```text\n'
	cat
	printf '```\n'
}

# messages prints perfproof's stderr without its progress lines.
messages() {
	grep -v -E '^(round [0-9]+/[0-9]+|checkout (old|new) |build (old|new) |perfproof: scan: (loaded|analysed))' "$1" || true
}

short() { printf '%.12s' "$1"; }

# write_block STATUS MESSAGE prints the Markdown block that goes to the
# summary and to the comment.
write_block() {
	local status=$1 message=$2
	printf '<!-- perfproof-action -->\n'
	case "$status" in
	pass)
		if [[ -n $fail_on ]]; then
			printf '## perfproof: ✅ gate passed (`-fail-on %s`)\n\n' "$fail_on"
		else
			printf '## perfproof: comparison done (no gate)\n\n'
		fi
		;;
	fail)
		printf '## perfproof: ❌ gate failed (`-fail-on %s`)\n\n' "$fail_on"
		;;
	*)
		printf '## perfproof: ⛔ ERROR — no verdict, this is NOT a pass\n\n'
		printf '> [!CAUTION]\n> **The comparison failed:** %s\n>\n' "$message"
		printf '> The gate did not pass: an error is never a pass.\n\n'
		;;
	esac
	if [[ -n $base_sha || -n $head_sha ]]; then
		printf 'base `%s` (%s) → head `%s` (%s)\n\n' \
			"${base_ref:-?}" "$(short "${base_sha:-?}")" "${head_ref:-?}" "$(short "${head_sha:-?}")"
	fi
	if [[ -n $compare_cmd ]]; then
		printf 'Command (in `%s`), exit status %s:\n\n' "$workdir" "${compare_rc:-none}"
		printf '%s\n' "$compare_cmd" | fence
		printf '\n'
	fi
	if [[ -s $md_file ]]; then
		cat "$md_file"
		printf '\n'
	fi
	local msgs=""
	if [[ -n $err_file && -s $err_file ]]; then
		msgs=$(messages "$err_file")
	fi
	if [[ -n $msgs ]]; then
		if [[ $status == error ]]; then
			printf "perfproof's last messages:\n\n"
			printf '%s\n' "$msgs" | tail -n 30 | fence
		else
			printf "<details><summary>perfproof's messages</summary>\n\n"
			printf '%s\n' "$msgs" | tail -n 60 | fence
			printf '\n</details>\n'
		fi
		printf '\n'
	fi
	if [[ $do_scan == true && -n $scan_rc ]]; then
		case "$scan_rc" in
		0) printf 'perfproof scan: no findings (SARIF written).\n' ;;
		1) printf 'perfproof scan: findings written as SARIF for code scanning.\n' ;;
		*)
			printf '**perfproof scan failed** (exit status %s):\n\n' "$scan_rc"
			messages "$scan_err_file" | tail -n 20 | fence
			;;
		esac
	fi
}

# comment_limit keeps a comment under GitHub's size limit for a comment
# body (65536 characters), cutting at a line and saying so.
comment_limit() {
	awk -v max=60000 '
		{ n += length($0) + 1 }
		n > max { print ""; print "_(truncated: the full table is in the job summary)_"; exit }
		{ print }'
}

# finish STATUS [MESSAGE] writes the summary, the comment file and the
# outputs, and exits: 0 pass, 1 fail, 2 error.
finish() {
	local status=$1 message=${2:-}
	local code
	case "$status" in
	pass) code=0 ;;
	fail) code=1 ;;
	*) status=error; code=2 ;;
	esac
	finished=1
	local block
	block=$(write_block "$status" "$message")
	block+=$'\n'
	if [[ -n $comment_file ]] && ! { mkdir -p "$(dirname "$comment_file")" && printf '%s' "$block" | comment_limit >"$comment_file"; }; then
		log "ERROR: cannot write the comment file $comment_file"
		status=error
		code=2
	fi
	if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
		if ! printf '%s\n' "$block" >>"$GITHUB_STEP_SUMMARY"; then
			log "ERROR: cannot append to GITHUB_STEP_SUMMARY ($GITHUB_STEP_SUMMARY)"
			status=error
			code=2
		fi
	fi
	if [[ -n ${GITHUB_OUTPUT:-} ]]; then
		# One line per value: a newline in an input must not start another
		# output.
		base_ref=${base_ref//[$'\r\n']/ }
		head_ref=${head_ref//[$'\r\n']/ }
		comment_file=${comment_file//[$'\r\n']/ }
		sarif_file=${sarif_file//[$'\r\n']/ }
		{
			printf 'result=%s\n' "$status"
			printf 'exit-code=%s\n' "$code"
			printf 'base-ref=%s\n' "$base_ref"
			printf 'base-sha=%s\n' "$base_sha"
			printf 'head-ref=%s\n' "$head_ref"
			printf 'head-sha=%s\n' "$head_sha"
			printf 'compare-exit-code=%s\n' "$compare_rc"
			printf 'comment-file=%s\n' "$comment_file"
			printf 'sarif-file=%s\n' "$([[ $do_scan == true && -s $sarif_file ]] && printf '%s' "$sarif_file")"
			printf 'scan-exit-code=%s\n' "$scan_rc"
		} >>"$GITHUB_OUTPUT" || {
			log "ERROR: cannot write GITHUB_OUTPUT ($GITHUB_OUTPUT)"
			code=2
		}
	fi
	# The block on stdout too, for the log and for runs outside GitHub.
	printf '%s' "$block"
	case "$code" in
	0) log "gate passed" ;;
	1) log "gate FAILED: see the table (exit 1)" ;;
	*) log "ERROR: no verdict (exit 2): ${message:-see above}" ;;
	esac
	[[ -n $tmp ]] && rm -rf "$tmp"
	exit "$code"
}

# ---- options --------------------------------------------------------------
base_in=${PERFPROOF_BASE:-}
head_in=${PERFPROOF_HEAD:-HEAD}
merge_base=${PERFPROOF_MERGE_BASE:-false}
fetch_base=${PERFPROOF_FETCH_BASE:-false}
remote=${PERFPROOF_REMOTE:-origin}
packages=${PERFPROOF_PACKAGES:-./...}
bench=${PERFPROOF_BENCH:-.}
fail_on=${PERFPROOF_FAIL_ON-slower,allocs}
count=${PERFPROOF_COUNT:-}
benchtime=${PERFPROOF_BENCHTIME:-}
time_budget=${PERFPROOF_TIME:-}
min_effect=${PERFPROOF_MIN_EFFECT:-}
alpha=${PERFPROOF_ALPHA:-}
adaptive=${PERFPROOF_ADAPTIVE:-false}
compare_args=${PERFPROOF_COMPARE_ARGS:-}
workdir=${PERFPROOF_WORKING_DIRECTORY:-.}
scan=${PERFPROOF_SCAN:-true}
sarif_in=${PERFPROOF_SARIF_FILE:-}
comment_in=${PERFPROOF_COMMENT_FILE:-}
perfproof=${PERFPROOF_BIN:-perfproof}

usage() {
	sed -n '2,/^set -Eeuo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
}

need_arg() {
	if [[ $# -lt 2 ]]; then
		die "$1 needs a value"
	fi
}

while [[ $# -gt 0 ]]; do
	case "$1" in
	--base) need_arg "$@"; base_in=$2; shift 2 ;;
	--head) need_arg "$@"; head_in=$2; shift 2 ;;
	--merge-base) merge_base=true; shift ;;
	--fetch-base) fetch_base=true; shift ;;
	--remote) need_arg "$@"; remote=$2; shift 2 ;;
	--packages) need_arg "$@"; packages=$2; shift 2 ;;
	--bench) need_arg "$@"; bench=$2; shift 2 ;;
	--fail-on) need_arg "$@"; fail_on=$2; shift 2 ;;
	--count) need_arg "$@"; count=$2; shift 2 ;;
	--benchtime) need_arg "$@"; benchtime=$2; shift 2 ;;
	--time) need_arg "$@"; time_budget=$2; shift 2 ;;
	--min-effect) need_arg "$@"; min_effect=$2; shift 2 ;;
	--alpha) need_arg "$@"; alpha=$2; shift 2 ;;
	--adaptive) adaptive=true; shift ;;
	--compare-args) need_arg "$@"; compare_args=$2; shift 2 ;;
	--working-directory) need_arg "$@"; workdir=$2; shift 2 ;;
	--scan) scan=true; shift ;;
	--no-scan) scan=false; shift ;;
	--sarif-file) need_arg "$@"; sarif_in=$2; shift 2 ;;
	--comment-file) need_arg "$@"; comment_in=$2; shift 2 ;;
	--perfproof) need_arg "$@"; perfproof=$2; shift 2 ;;
	-h | --help) usage; finished=1; exit 0 ;;
	*)
		die "unknown argument: $1 (see --help)"
		;;
	esac
done

# Booleans are checked here, before anything runs.
for b in "$merge_base" "$fetch_base" "$adaptive" "$scan"; do
	truthy "$b" || :
done

start_dir=$PWD
abspath() {
	case "$1" in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$start_dir/$1" ;;
	esac
}

# Where the default output files go: $RUNNER_TEMP on a runner, else a new
# temporary directory. Never inside the work tree, so that `git status`
# stays clean.
if [[ -n ${RUNNER_TEMP:-} ]]; then
	out_dir=$RUNNER_TEMP/perfproof
else
	out_dir=$(mktemp -d "${TMPDIR:-/tmp}/perfproof-action.XXXXXX")
fi
mkdir -p "$out_dir"
if [[ -n $comment_in ]]; then
	comment_file=$(abspath "$comment_in")
else
	comment_file=$out_dir/comment.md
fi
if truthy "$scan"; then
	do_scan=true
	if [[ -n $sarif_in ]]; then
		sarif_file=$(abspath "$sarif_in")
	else
		sarif_file=$out_dir/perfproof.sarif
	fi
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/perfproof-run.XXXXXX")
md_file=$tmp/compare.md
err_file=$tmp/compare.stderr
scan_err_file=$tmp/scan.stderr
: >"$md_file"
: >"$err_file"

# ---- checks ---------------------------------------------------------------
if [[ ${fail_on,,} == none ]]; then
	fail_on=""
fi
command -v git >/dev/null 2>&1 || die "git is not installed (not found on PATH)"
if ! command -v "$perfproof" >/dev/null 2>&1; then
	die "the perfproof binary '$perfproof' was not found (install it: go install ./cmd/perfproof from perfproof's module, or pass --perfproof PATH)"
fi
perfproof=$(command -v "$perfproof")

if [[ -n ${GITHUB_WORKSPACE:-} && $workdir != /* ]]; then
	workdir=$GITHUB_WORKSPACE/$workdir
fi
[[ -d $workdir ]] || die "working directory $workdir does not exist"
cd "$workdir"
workdir=$PWD
git rev-parse --git-dir >/dev/null 2>&1 || die "$workdir is not in a git repository"

# ---- revisions ------------------------------------------------------------

# commit_of REV prints the commit REV names, or fails.
commit_of() {
	git rev-parse --verify --quiet --end-of-options "$1^{commit}" 2>/dev/null
}

# fetch REF fetches REF from the remote into FETCH_HEAD only and prints its
# commit. No branch, tag or remote-tracking ref is written.
fetch() {
	log "fetching $1 from $remote (into FETCH_HEAD only)"
	git fetch --quiet --no-tags -- "$remote" "$1" >&2 || return 1
	commit_of FETCH_HEAD
}

head_ref=$head_in
head_sha=$(commit_of "$head_in") || die "head revision '$head_in' is not a commit in $workdir"

if [[ -n $base_in ]]; then
	base_ref=$base_in
	if ! base_sha=$(commit_of "$base_in"); then
		if base_sha=$(commit_of "refs/remotes/$remote/$base_in"); then
			base_ref=$remote/$base_in
		elif truthy "$fetch_base"; then
			base_sha=$(fetch "$base_in") || die "base revision '$base_in' is not in the repository and fetching it from $remote failed"
		else
			die "base revision '$base_in' is not in the repository (check out with fetch-depth: 0, or set fetch-base)"
		fi
	fi
elif [[ -n ${GITHUB_BASE_REF:-} ]]; then
	event_sha=""
	if [[ -n ${GITHUB_EVENT_PATH:-} && -r ${GITHUB_EVENT_PATH:-} ]] && command -v jq >/dev/null 2>&1; then
		event_sha=$(jq -r '.pull_request.base.sha // empty' "$GITHUB_EVENT_PATH" 2>/dev/null || true)
	fi
	if base_sha=$(commit_of "refs/remotes/$remote/$GITHUB_BASE_REF"); then
		base_ref=$remote/$GITHUB_BASE_REF
	elif [[ -n $event_sha ]] && base_sha=$(commit_of "$event_sha"); then
		base_ref="$GITHUB_BASE_REF (event base.sha)"
	elif base_sha=$(commit_of "refs/heads/$GITHUB_BASE_REF"); then
		base_ref=$GITHUB_BASE_REF
	elif truthy "$fetch_base"; then
		base_ref=$remote/$GITHUB_BASE_REF
		base_sha=$(fetch "refs/heads/$GITHUB_BASE_REF") || die "base branch '$GITHUB_BASE_REF' (GITHUB_BASE_REF) could not be fetched from $remote"
	else
		die "base branch '$GITHUB_BASE_REF' (GITHUB_BASE_REF) is not in the repository (check out with fetch-depth: 0, or set fetch-base)"
	fi
else
	die "no base revision: set the base input (--base) or run on a pull_request event (GITHUB_BASE_REF)"
fi

if truthy "$merge_base"; then
	mb=$(git merge-base "$base_sha" "$head_sha") || die "no merge base of $base_ref and $head_ref"
	base_ref="merge-base($base_ref, $head_ref)"
	base_sha=$mb
fi
log "base $base_ref = $base_sha"
log "head $head_ref = $head_sha"

# ---- compare --------------------------------------------------------------
args=(compare -md -bench "$bench")
[[ -n $fail_on ]] && args+=(-fail-on "$fail_on")
[[ -n $count ]] && args+=(-count "$count")
[[ -n $benchtime ]] && args+=(-benchtime "$benchtime")
[[ -n $time_budget ]] && args+=(-time "$time_budget")
[[ -n $min_effect ]] && args+=(-min-effect "$min_effect")
[[ -n $alpha ]] && args+=(-alpha "$alpha")
truthy "$adaptive" && args+=(-adaptive)
if [[ -n $compare_args ]]; then
	read -r -a extra <<<"$compare_args"
	args+=("${extra[@]}")
fi
read -r -a pkgs <<<"$packages"
# Full commit hashes, so that a directory or file named like the ref cannot
# be taken for it.
args+=("$base_sha" "$head_sha" "${pkgs[@]}")

# shell_quote prints its argument quoted for a POSIX shell when needed.
shell_quote() {
	if [[ $1 =~ ^[A-Za-z0-9_./,=:@%+-]+$ ]]; then
		printf '%s' "$1"
	else
		printf "'%s'" "${1//\'/\'\\\'\'}"
	fi
}
compare_cmd="perfproof"
for a in "${args[@]}"; do
	compare_cmd+=" $(shell_quote "$a")"
done
log "running: $compare_cmd"

set +e
# stdout (the Markdown) to a file; stderr (progress, regressions, errors)
# both to the log and to a file for the summary.
"$perfproof" "${args[@]}" 2>&1 >"$md_file" | tee "$err_file" >&2
compare_rc=${PIPESTATUS[0]}
set -e

status=error
message=""
case "$compare_rc" in
0) status=pass ;;
1) status=fail ;;
2) message="perfproof compare exited 2: an error (a package that does not build, a benchmark that fails, no benchmark matched, …); see its messages" ;;
*) message="perfproof compare ended with exit status $compare_rc (killed or crashed)" ;;
esac
if [[ $status != error && ! -s $md_file ]]; then
	# A verdict with no table cannot be shown or checked: not a pass.
	message="perfproof compare exited $compare_rc but printed no table"
	status=error
fi

# ---- scan -----------------------------------------------------------------
if [[ $do_scan == true ]]; then
	mkdir -p "$(dirname "$sarif_file")"
	log "running: perfproof scan -quiet -sarif $sarif_file ${pkgs[*]}"
	set +e
	"$perfproof" scan -quiet -sarif "$sarif_file" "${pkgs[@]}" >/dev/null 2>"$scan_err_file"
	scan_rc=$?
	set -e
	cat "$scan_err_file" >&2
	if [[ $scan_rc -gt 1 || ! -s $sarif_file ]]; then
		log "ERROR: perfproof scan failed (exit status $scan_rc)"
		if [[ $status != error ]]; then
			status=error
			message="perfproof scan exited $scan_rc: the SARIF for code scanning is missing or incomplete"
		fi
	fi
fi

finish "$status" "$message"
