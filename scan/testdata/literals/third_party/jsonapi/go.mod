module example.org/jsonapi

go 1.22
