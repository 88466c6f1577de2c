package produtil

func Compact() {
	note() // want `^none$`
}
