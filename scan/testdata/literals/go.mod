module example.com/literals

go 1.22

require (
	example.org/jsonapi v0.0.0
	example.org/objstore v0.0.0
	github.com/julienschmidt/httprouter v1.3.0
)

replace (
	example.org/jsonapi => ./third_party/jsonapi
	example.org/objstore => ./third_party/objstore
	github.com/julienschmidt/httprouter => ./third_party/httprouter
)
