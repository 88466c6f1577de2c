module old

go 1.16
