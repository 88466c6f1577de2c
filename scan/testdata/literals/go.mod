module example.com/literals

go 1.22

require github.com/julienschmidt/httprouter v1.3.0

replace github.com/julienschmidt/httprouter => ./third_party/httprouter
