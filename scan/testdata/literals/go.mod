module example.com/literals

go 1.22
