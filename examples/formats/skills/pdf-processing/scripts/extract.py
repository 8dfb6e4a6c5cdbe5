"""Print the text of a PDF (example script of the pdf-processing skill)."""
import sys

print(sys.argv[1:])
