"""The page in a second engine: WebKitGTK (macOS WKWebView is WebKit too)."""
