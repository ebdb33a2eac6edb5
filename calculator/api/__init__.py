"""The JSON API: request shapes (schemas), answers, errors and one named view per endpoint."""
