module example.com/adexchange

go 1.26
