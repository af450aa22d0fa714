"""movement: a generated, validated movement as text or JSON."""
