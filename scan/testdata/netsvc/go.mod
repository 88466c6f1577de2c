module example.com/netsvc

go 1.26
