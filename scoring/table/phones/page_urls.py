"""The players' phone page: ``t/`` to type the table's code, ``t/<code>/`` the
address in the QR code of the table card."""

from django.urls import path

from scoring.table.phones import phone

app_name = "table"

urlpatterns = [
    path("t/", phone.signin_page, name="signin"),
    path("t/sw.js", phone.worker, name="worker"),
    path("t/<str:code>/", phone.code_page, name="code"),
]
