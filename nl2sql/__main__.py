from nl2sql.cli import main

main()
