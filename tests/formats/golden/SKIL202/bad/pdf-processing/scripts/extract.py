print("text")
