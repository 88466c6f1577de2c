module example.com/depthbook

go 1.26
