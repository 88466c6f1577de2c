module example.org/objstore

go 1.22
