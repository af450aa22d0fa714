"""The phones: the table API's JSON (requests, answers, ETags, the players'
sign-in with member numbers, ``openapi.json``) and the players' phone page."""
