// An expected error that does not match what is reported.

// expected-error @+1 {{some other message}}
kdsl.no_such_op
