from pyodide.ffi import JsProxy

#: the page's ``window`` and ``document`` (PyScript's main thread)
window: JsProxy
document: JsProxy
