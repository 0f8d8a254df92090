"""The table's web page (served by ``bergen serve --web``): one HTML page, one script, one style sheet."""
