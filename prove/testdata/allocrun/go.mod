module example.com/allocrun

go 1.26
