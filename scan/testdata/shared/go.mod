module example.com/shared

go 1.24
