package support

func More() {
	note() // want `^test$`
}
