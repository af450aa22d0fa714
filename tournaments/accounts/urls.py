from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("", views.account, name="account"),
    path("invitations/<int:invitation_id>/accept/", views.accept, name="accept"),
    path("invitations/<int:invitation_id>/decline/", views.decline, name="decline"),
]
