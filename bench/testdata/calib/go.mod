module example.com/calib

go 1.26
